/** Registers the elements; a name already registered (script loaded twice) is left as it is. */
export function define(): void {
  const registry = globalThis.customElements;
  if (!registry) return;
}
