// PostgreSQL's text cannot hold U+0000: it refuses the whole row (error 22021). A lone UTF-16
// surrogate has no UTF-8 form: the drivers would write U+FFFD in its place and lose what was sent.
const UNSTORABLE = /[\0\p{Cs}]/u;

/** Text the store keeps exactly as given. */
export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The reason an InvalidInputError gives for text that is not storable. */
export const NOT_STORABLE = 'contiene un carácter que no se puede guardar (U+0000 o un sustituto UTF-16 suelto)';
