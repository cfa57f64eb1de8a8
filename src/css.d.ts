/** CSS files are bundled as text (tsup, vitest and the browser tests all load them that way). */
declare module '*.css' {
  const css: string;
  export default css;
}
