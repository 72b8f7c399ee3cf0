import { lifecycleSection, printLifecycle, type LifecycleFigures } from './lifecycle.js';
import type { OrderLoad } from './requests.js';
import { runs, type Settings } from './settings.js';
import { printSubscribers, subscribersSection, type SubscriberFigures } from './subscribers.js';
import { printWebhooks, webhooksSection, type WebhookFigures } from './webhooks.js';

/** The sections measured by drivers of their own rather than autocannon: what each gave, when it ran. */
export interface DrivenFigures {
  lifecycle?: LifecycleFigures;
  subscribers?: SubscriberFigures;
  webhooks?: WebhookFigures;
}

export async function drivenSections(settings: Settings, load: OrderLoad): Promise<DrivenFigures> {
  const figures: DrivenFigures = {};
  if (runs(settings, 'lifecycle')) figures.lifecycle = await lifecycleSection(settings, load);
  if (runs(settings, 'subscribers')) figures.subscribers = await subscribersSection(settings, load);
  if (runs(settings, 'webhooks')) figures.webhooks = await webhooksSection(settings, load);
  return figures;
}

export function printDriven({ lifecycle, subscribers, webhooks }: DrivenFigures) {
  if (lifecycle) printLifecycle(lifecycle);
  if (subscribers) printSubscribers(subscribers);
  if (webhooks) printWebhooks(webhooks);
}
