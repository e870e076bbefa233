/** CSS imported as text (`with { type: 'text' }`), injected when the Algolia modal first loads. */
declare module '@docsearch/css/dist/style.css' {
  const css: string;
  export default css;
}
