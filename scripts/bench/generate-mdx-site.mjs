// An MDX-heavy site for `npm run bench`, generated deterministically: N .mdx pages as Docusaurus
// sites write them (imports of @theme/Tabs, TabItem, Admonition, CodeBlock and of the site's own
// components with state and CSS modules, admonitions, code blocks, JSX with props and children),
// and, for comparison, the same prose as N .md pages (no JSX) in a twin site.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const COMPONENTS = {
  'src/components/EarningsCalculator/index.tsx': `import React, {useState} from 'react';
import styles from './styles.module.css';

export default function EarningsCalculator({perDay, label = 'hotspots'}: {perDay: number; label?: string}) {
  const [count, setCount] = useState(1);
  return (
    <div className={styles.box}>
      <button type="button" onClick={() => setCount(count + 1)}>Add one</button>
      <span className={styles.total}>{(count * perDay * 30).toFixed(2)} HNT a month for {count} {label}</span>
    </div>
  );
}
`,
  'src/components/EarningsCalculator/styles.module.css': `.box {\n  display: flex;\n  gap: 1rem;\n}\n\n.total {\n  font-weight: 600;\n}\n`,
  'src/components/Toggle.jsx': `import React, {useState} from 'react';

export default function Toggle({title, children}) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(!open)}>{title}</button>
      {open && children}
    </div>
  );
}
`,
  'src/components/Badge.jsx': `import React from 'react';\n\nexport default function Badge({children, tone = 'info'}) {\n  return <span className={'badge badge--' + tone}>{children}</span>;\n}\n`,
};

/** A small deterministic generator (mulberry32), so every run writes the same site. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'hotspot reward epoch witness beacon coverage oracle wallet gateway radio boost hex density challenge validator data credit transfer'.split(
    ' ',
  );

function prose(next, sentences) {
  return Array.from({ length: sentences }, () => {
    const words = Array.from({ length: 8 + Math.floor(next() * 10) }, () => WORDS[Math.floor(next() * WORDS.length)]);
    return `${words[0][0].toUpperCase()}${words.join(' ').slice(1)}.`;
  }).join(' ');
}

/** The page's sections: prose, then what differs between the MDX page and its Markdown twin. */
function sections(next, i, mdx) {
  const parts = [];
  for (let s = 0; s < 4; s++) {
    parts.push(`## Section ${s + 1} of page ${i}\n\n${prose(next, 5)}`);
    parts.push(
      '```js\n' + `const rewards = await client.hotspots.rewards('${i}-${s}', { epochs: ${s + 2} });\n` + '```',
    );
    if (!mdx) {
      parts.push(`:::tip\n\n${prose(next, 2)}\n\n:::`);
      continue;
    }
    parts.push(
      `<Tabs groupId="sdk">\n  <TabItem value="js" label="JavaScript">\n\n${prose(next, 2)}\n\n  </TabItem>\n  <TabItem value="py" label="Python">\n\n${prose(next, 2)}\n\n  </TabItem>\n</Tabs>`,
      `<Admonition type="tip">${prose(next, 2)}</Admonition>`,
      `A status of <Badge tone="success">online</Badge> means the ${WORDS[s]} answered.`,
    );
    if (s === 1) parts.push(`<EarningsCalculator perDay={${(0.1 + next()).toFixed(2)}} />`);
    if (s === 2) parts.push(`<Toggle title="Show the details">\n\n${prose(next, 3)}\n\n</Toggle>`);
  }
  return parts.join('\n\n');
}

const IMPORTS = `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import Admonition from '@theme/Admonition';
import EarningsCalculator from '@site/src/components/EarningsCalculator';
import Toggle from '@site/src/components/Toggle';
import Badge from '@site/src/components/Badge';
`;

/** Writes the MDX site (`mdx: true`) or its Markdown twin into `root`: `pages` pages under content/. */
export function generateMdxSite(root, { pages, mdx }) {
  const write = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  if (mdx) for (const [path, text] of Object.entries(COMPONENTS)) write(path, text);
  write('content/index.md', '---\ntitle: Home\ndescription: MDX bench home.\n---\n\nHello.\n');
  for (let i = 0; i < pages; i++) {
    const next = random(i + 1);
    const front = `---\ntitle: Guide ${i}\ndescription: ${prose(next, 1)}\n---\n\n`;
    const body = `${prose(next, 3)}\n\n${sections(next, i, mdx)}\n`;
    const folder = `topic-${String(Math.floor(i / 25)).padStart(2, '0')}`;
    write(
      `content/${folder}/guide-${String(i).padStart(3, '0')}.${mdx ? 'mdx' : 'md'}`,
      front + (mdx ? `${IMPORTS}\n` : '') + body,
    );
  }
}
