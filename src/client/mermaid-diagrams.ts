/**
 * Draws ```mermaid blocks (`[data-mermaid]`, see content/plugins/rehype-code-blocks.ts) with
 * mermaid, loaded only on pages that have a diagram. The source stays in the page as a code block:
 * what readers see without JavaScript, shown again with the error when a diagram does not parse.
 * Diagrams follow the colour mode (drawn again when it changes).
 */
import mermaid from 'mermaid';

let drawn = 0;
let watching = false;

const themeOf = () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'default');

function errorBox(error: unknown): HTMLElement {
  const box = document.createElement('div');
  box.className = 'admonition admonition-danger mermaid-diagram__error';
  box.setAttribute('role', 'alert');
  const title = document.createElement('p');
  title.className = 'admonition-title';
  title.textContent = 'This diagram has a syntax error';
  const message = document.createElement('pre');
  message.textContent = error instanceof Error ? error.message : String(error);
  box.append(title, message);
  return box;
}

async function drawDiagram(box: HTMLElement, theme: string): Promise<void> {
  const source = box.querySelector('code')?.textContent ?? '';
  const block = box.querySelector<HTMLElement>('.code-block');
  box.querySelector(':scope > .mermaid-diagram__svg, :scope > .mermaid-diagram__error')?.remove();
  box.dataset.mermaidTheme = theme;
  const id = `docsgen-mermaid-${++drawn}`;
  try {
    await mermaid.parse(source);
    const { svg } = await mermaid.render(id, source);
    const figure = document.createElement('div');
    figure.className = 'mermaid-diagram__svg';
    figure.innerHTML = svg;
    box.prepend(figure);
    if (block) block.style.display = 'none';
  } catch (error) {
    document.getElementById(`d${id}`)?.remove();
    box.prepend(errorBox(error));
    if (block) block.style.display = '';
  }
}

/** Draws the diagrams under `scope` not drawn yet in the current colour mode. */
export async function drawDiagrams(scope: ParentNode): Promise<void> {
  const theme = themeOf();
  mermaid.initialize({ startOnLoad: false, theme, securityLevel: 'strict' });
  for (const box of scope.querySelectorAll<HTMLElement>('[data-mermaid]'))
    if (box.dataset.mermaidTheme !== theme) await drawDiagram(box, theme);
  if (watching) return;
  watching = true;
  new MutationObserver(() => void drawDiagrams(document)).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
}
