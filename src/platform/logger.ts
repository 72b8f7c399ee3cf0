import { pino } from 'pino';

// Phone numbers and plates are personal data: never in the logs, even by accident.
const REDACT = ['*.phoneNumber', '*.clientPhone', '*.vehicleIdentification', '*.authorization', '*.headers.authorization'];

export const createLogger = (level: string) => pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
