/**
 * Whether a searchable select's option text contains what was typed, ignoring case and surrounding spaces. Arco's
 * own filter also matches the option's value, an id the user never sees.
 */
export function isTypedInText(text: unknown, typed: string): boolean {
  return typeof text === 'string' && text.toLowerCase().includes(typed.trim().toLowerCase());
}
