// What docsgen refuses to read from content/ and static/: links out of the site, link loops,
// binary or mis-encoded Markdown, unreadable files, an empty content folder. Each is a coded
// diagnostic naming the file, collected with the others; nothing private reaches the output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuild } from '../../src/build.js';
import { collectCategories } from '../../src/content/collect-categories.js';
import { collectSources } from '../../src/content/collect-sources.js';
import { decodeSourceText, firstInvalidUtf8 } from '../../src/content/decode-source-text.js';
import { nodeSiteFs } from '../../src/content/walk-site-folder.js';
import { collectStaticFiles } from '../../src/output/collect-static-files.js';
import { baseConfigSource, createMiniSite } from '../helpers/mini-site.js';
import { seededRandom } from '../helpers/seeded-random.js';

const codes = (diagnostics: readonly { code: string }[]) => diagnostics.map((d) => d.code).sort();

/** A folder next to the site (outside its root) holding what must never be published. */
async function privateFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'docsgen-private-'));
  await writeFile(join(folder, 'deploy-token.txt'), 'HELIUMGEEK_DEPLOY_TOKEN=hg_live_0f3a9c\n');
  await writeFile(
    join(folder, 'coverage-notes.md'),
    '---\ntitle: Internal coverage notes\n---\n\nNot for customers.\n',
  );
  return folder;
}

test('static/: links out of the site are refused by name and target; the same links are followed once allowedPaths lists the folder', async () => {
  const outside = await privateFolder();
  const root = await createMiniSite({
    files: { 'static/img/hotspot-map.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n' },
  });
  await symlink(outside, join(root, 'static/private'));
  await symlink(join(outside, 'deploy-token.txt'), join(root, 'static/token.txt'));
  if (existsSync('/proc/self/environ')) await symlink('/proc/self/environ', join(root, 'static/env.txt'));
  const refused = await collectStaticFiles({ root, staticDir: 'static' });
  assert.deepEqual(
    refused.files.map((file) => file.path),
    ['img/hotspot-map.svg'],
  );
  const byFile = new Map(refused.diagnostics.map((d) => [d.file, d]));
  assert.ok(
    refused.diagnostics.every((d) => d.code === 'DG220' && d.severity === 'error' && d.hint?.includes('allowedPaths')),
    "refused.diagnostics.every((d) => d.code === 'DG220' && d.severity === 'error' && d.hint?.includes('allowedP...",
  );
  assert.match(byFile.get('static/private')!.message, new RegExp(`points outside the site to "${outside}"`));
  assert.match(byFile.get('static/token.txt')!.message, /deploy-token\.txt/);
  if (existsSync('/proc/self/environ')) assert.match(byFile.get('static/env.txt')!.message, /"\/proc\/self\/environ"/);

  const allowed = await collectStaticFiles({ root, staticDir: 'static', allowedPaths: [outside] });
  assert.deepEqual(
    allowed.files.map((file) => file.path),
    ['img/hotspot-map.svg', 'private/coverage-notes.md', 'private/deploy-token.txt', 'token.txt'],
  );
  assert.deepEqual(
    allowed.diagnostics.map((d) => d.file),
    existsSync('/proc/self/environ') ? ['static/env.txt'] : [],
  );
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

test('static/: .well-known/, .nojekyll and .htaccess are published as Docusaurus publishes them; other dot files are left out, with a warning unless they are version-control or desktop leftovers', async () => {
  const root = await createMiniSite({
    files: {
      'static/.nojekyll': '',
      'static/.well-known/security.txt': 'Contact: mailto:security@acme.example\nExpires: 2027-01-01T00:00:00Z\n',
      'static/.well-known/assetlinks.json': '[]\n',
      'static/.htaccess': 'ErrorDocument 404 /404.html\n',
      'static/.env': 'HELIUMGEEK_API_KEY=hg_live_0f3a9c\n',
      'static/downloads/.npmrc': '//registry.example/:_authToken=secret\n',
      'static/.vscode/settings.json': '{}\n',
      'static/.DS_Store': 'junk',
      'static/img/.gitkeep': '',
      'static/img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    },
  });
  const collected = await collectStaticFiles({ root, staticDir: 'static' });
  assert.deepEqual(
    collected.files.map((file) => file.path),
    ['.htaccess', '.nojekyll', '.well-known/assetlinks.json', '.well-known/security.txt', 'img/logo.svg'],
  );
  assert.deepEqual(
    collected.diagnostics.map((d) => [d.code, d.severity, d.file]),
    [
      ['DG228', 'warning', 'static/.env'],
      ['DG228', 'warning', 'static/.vscode'],
      ['DG228', 'warning', 'static/downloads/.npmrc'],
    ],
  );
  assert.match(collected.diagnostics[0].message, /"static\/\.env" is not published/);
  // The build writes them, and says so, and no secret reaches the output.
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  const paths = new Set(result.files!.map((file) => file.path));
  for (const path of ['.nojekyll', '.well-known/security.txt', '.htaccess']) assert.ok(paths.has(path), path);
  assert.ok(![...paths].some((path) => /\.env|\.npmrc|\.DS_Store|\.vscode/.test(path)), 'no private file published');
  assert.equal(result.diagnostics.filter((d) => d.code === 'DG228').length, 3);
  await rm(root, { recursive: true, force: true });
});

test('content/: a page linked in from outside the site fails the build, and neither it nor the static link reaches the output', async () => {
  const outside = await privateFolder();
  const root = await createMiniSite();
  await symlink(join(outside, 'coverage-notes.md'), join(root, 'content/guides/coverage-notes.md'));
  await mkdir(join(root, 'static'), { recursive: true });
  await symlink(outside, join(root, 'static/etc'));
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.equal(result.files, undefined);
  assert.deepEqual(
    result.diagnostics.map((d) => [d.code, d.file]),
    [
      ['DG220', 'content/guides/coverage-notes.md'],
      ['DG220', 'static/etc'],
    ],
  );
  // A static folder that is itself a link out of the site is refused the same way.
  await rm(join(root, 'static'), { recursive: true });
  await symlink(outside, join(root, 'static'));
  const folderLink = await collectStaticFiles({ root, staticDir: 'static' });
  assert.deepEqual([folderLink.files, codes(folderLink.diagnostics)], [[], ['DG220']]);
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

test('content/: two link loops are each reported once, as warnings, and every page is read once', async () => {
  const root = await createMiniSite({
    files: { 'content/examples/rewards/daily-rewards.md': '---\ntitle: Daily rewards\n---\n\nSum `dc_rewards`.\n' },
  });
  await writeFile(join(root, 'content/guides/_category_.json'), '{ "label": "Guides", "position": 1 }\n');
  await symlink('..', join(root, 'content/guides/loop'));
  await symlink('../..', join(root, 'content/examples/rewards/back-to-site'));
  // Two folders linking to each other: a loop too, found from either side.
  await symlink('../examples', join(root, 'content/guides/examples-link'));
  for (const collect of [
    () => collectSources({ root, contentDir: 'content' }),
    () =>
      collectSources(
        { root, contentDir: 'content' },
        { results: { results: new Map(), hashes: new WeakMap() }, stamps: new Map() },
      ),
  ]) {
    const { sources, diagnostics } = await collect();
    const paths = sources.map((source) => source.contentPath);
    assert.ok(paths.length < 10, `pages read more than once: ${paths.join(', ')}`);
    assert.ok(
      paths.includes('guides/start') && paths.includes('examples/rewards/daily-rewards'),
      "paths.includes('guides/start') && paths.includes('examples/rewards/daily-rewards')",
    );
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.file]),
      [
        ['DG221', 'warning', 'content/examples/rewards/back-to-site'],
        ['DG221', 'warning', 'content/guides/loop'],
      ].sort(),
    );
  }
  // The category files are looked for by the same walk: once each, and the loops are not reported twice.
  const { categories, diagnostics } = await collectCategories({ root, contentDir: 'content' });
  assert.deepEqual([Object.keys(categories), diagnostics], [['guides'], []]);
  await rm(root, { recursive: true, force: true });
});

test('an unreadable file is a DG222 error naming it, collected with the other pages (not an EACCES abort)', async () => {
  const root = await createMiniSite();
  const denied = join(root, 'content/guides/next.md');
  // Tests may run as root, who reads anything: the permission error is injected.
  const fs = {
    ...nodeSiteFs,
    readFile: (path: string) =>
      path === denied
        ? Promise.reject(Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' }))
        : nodeSiteFs.readFile(path),
  };
  const { sources, diagnostics } = await collectSources({ root, contentDir: 'content', fs });
  assert.deepEqual(
    sources.map((source) => source.relativePath),
    ['content/guides/start.md', 'content/index.md'],
  );
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0].code, 'DG222');
  assert.equal(diagnostics[0].file, 'content/guides/next.md');
  assert.match(diagnostics[0].message, /permission denied \(EACCES\)/);
  assert.match(diagnostics[0].hint!, /chmod a\+r/);
  await rm(root, { recursive: true, force: true });
});

test('an empty or missing content folder says "No Markdown files found in content/"', async () => {
  const root = await createMiniSite();
  await rm(join(root, 'content'), { recursive: true });
  await mkdir(join(root, 'content/guides'), { recursive: true });
  await writeFile(join(root, 'content/guides/_draft-notes.md'), '# left out: starts with _\n');
  const empty = await runBuild({ configPath: join(root, 'site.config.ts') });
  const first = empty.diagnostics.find((d) => d.code === 'DG226');
  assert.equal(first?.message, 'No Markdown files found in content/');
  assert.match(first!.hint!, /index\.md/);
  await rm(join(root, 'content'), { recursive: true });
  const missing = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.match(missing.diagnostics.find((d) => d.code === 'DG226')!.hint!, /does not exist/);
  await rm(root, { recursive: true, force: true });
});

test('a binary file named .md is an error; invalid UTF-8 a warning naming the line; Latin-1 is read as Latin-1 with a warning', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const binary = decodeSourceText(png, 'content/guides/coverage.md');
  assert.equal(binary.text, undefined);
  assert.deepEqual(
    binary.diagnostics.map((d) => [d.code, d.severity, d.file]),
    [['DG223', 'error', 'content/guides/coverage.md']],
  );

  const invalid = Buffer.concat([
    Buffer.from('---\ntitle: Witness rewards\n---\n\nBeacons are paid in '),
    Buffer.from([0xe2, 0x82]),
    Buffer.from(' HNT.\n'),
  ]);
  const broken = decodeSourceText(invalid, 'content/guides/witness.md');
  assert.deepEqual(
    broken.diagnostics.map((d) => [d.code, d.severity, d.line]),
    [['DG224', 'warning', 5]],
  );

  const latin1 = Buffer.from('---\ntitle: Réseau élargi\n---\n\nLa couverture à Zürich.\n', 'latin1');
  const read = decodeSourceText(latin1, 'content/guides/reseau.md');
  assert.equal(read.text, '---\ntitle: Réseau élargi\n---\n\nLa couverture à Zürich.\n');
  assert.deepEqual(
    read.diagnostics.map((d) => [d.code, d.line]),
    [['DG225', 2]],
  );

  const pasted = decodeSourceText(Buffer.from('---\ntitle: Hex\n---\n\nThe key\u0008 is secret.\n'), 'content/x.md');
  assert.equal(pasted.text, '---\ntitle: Hex\n---\n\nThe key is secret.\n');
  assert.deepEqual(
    pasted.diagnostics.map((d) => [d.code, d.line]),
    [['DG224', 5]],
  );
});

test('property: any UTF-8 text without control characters decodes to itself with no diagnostic', () => {
  const alphabet = ['a', 'Z', ' ', '\n', '\t', '#', 'é', 'ß', '€', '中', '😀', '\u00a0', '`', '>', '\r\n', 'ñ', '—'];
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let run = 0; run < 300; run += 1) {
    const text = Array.from(
      { length: Math.floor(random() * 200) },
      () => alphabet[Math.floor(random() * alphabet.length)],
    ).join('');
    const decoded = decodeSourceText(Buffer.from(text), 'content/p.md');
    assert.deepEqual(decoded, { text, diagnostics: [] }, JSON.stringify(text));
  }
});

test('property: a page is read as UTF-8 exactly when no byte sequence in it is invalid (the native check agrees with the scan that finds the line)', () => {
  // Valid characters of every length, and the bytes that break UTF-8: lone continuation bytes,
  // cut-short sequences, overlong forms, surrogates and code points past U+10FFFF.
  const pieces = [
    ...['a', '\n', 'é', '€', '中', '😀', '—'].map((text) => [...Buffer.from(text)]),
    [0x80],
    [0xbf],
    [0xc0, 0xaf],
    [0xc3],
    [0xe2, 0x82],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xf0, 0x9f, 0x98],
    [0xff],
  ];
  const random = seededRandom(2024);
  for (let run = 0; run < 500; run += 1) {
    const count = Math.floor(random.next() * 40);
    const bytes = Buffer.from(
      Array.from({ length: count }, () =>
        random.chance(0.9) ? random.pick(pieces.slice(0, 7)) : random.pick(pieces),
      ).flat(),
    );
    const valid = firstInvalidUtf8(bytes) < 0;
    const decoded = decodeSourceText(bytes, 'content/p.md');
    assert.equal(decoded.diagnostics.length === 0, valid, JSON.stringify([...bytes]));
    if (valid) assert.equal(decoded.text, bytes.toString('utf8'), 'valid UTF-8 is read as it is');
  }
});

test('a Latin-1 page and a pasted control character reach the pages and /meta/index.json as the intended text, with warnings', async () => {
  const root = await createMiniSite();
  await writeFile(
    join(root, 'content/guides/reseau.md'),
    Buffer.from(
      '---\ntitle: Réseau élargi\ndescription: Couverture à Zürich.\n---\n\n## Débit\n\nLes hotspots près de Genève.\n',
      'latin1',
    ),
  );
  await writeFile(
    join(root, 'content/guides/keys.md'),
    '---\ntitle: API keys\u001b[0m\ndescription: Rotating keys.\n---\n\nCopy the key\u0007 from the dashboard.\n',
  );
  const result = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    result.diagnostics.map((d) => [d.code, d.file, d.line]),
    [
      ['DG224', 'content/guides/keys.md', 2],
      ['DG225', 'content/guides/reseau.md', 2],
    ],
  );
  const file = (path: string) => String(result.files!.find((f) => f.path === path)!.contents);
  const meta = JSON.parse(file('meta/index.json')) as { docs: { id: string; title: string; description: string }[] };
  const byId = new Map(meta.docs.map((doc) => [doc.id, doc]));
  assert.equal(byId.get('guides/reseau')?.title, 'Réseau élargi');
  assert.equal(byId.get('guides/reseau')?.description, 'Couverture à Zürich.');
  assert.equal(byId.get('guides/keys')?.title, 'API keys[0m');
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(file('meta/index.json'), /[\u0000-\u0008\u000b\u000e-\u001f\ufffd]|\\u00[01]/);
  assert.match(file('guides/reseau/index.html'), /Les hotspots près de Genève\./);
  await rm(root, { recursive: true, force: true });
});

test('an image path that leads out of the site is refused (DG220) and never read into the output', async () => {
  const outside = await privateFolder();
  await writeFile(join(outside, 'hotspot-owners.png'), 'private owner list\n');
  const root = await createMiniSite();
  const up = '../'.repeat(10);
  await writeFile(
    join(root, 'content/guides/owners.md'),
    `---\ntitle: Owners\ndescription: Who owns what.\n---\n\n![owners](${up}${outside.slice(1)}/hotspot-owners.png)\n`,
  );
  const refused = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(
    refused.diagnostics.map((d) => [d.code, d.file]),
    [['DG220', 'content/guides/owners.md']],
  );
  assert.match(refused.diagnostics[0].message, /hotspot-owners\.png.*outside the site/);
  await writeFile(join(root, 'site.config.ts'), baseConfigSource(`allowedPaths: [${JSON.stringify(outside)}],`));
  const allowed = await runBuild({ configPath: join(root, 'site.config.ts') });
  assert.deepEqual(allowed.diagnostics, []);
  assert.ok(
    allowed.files!.some((file) => file.path.startsWith('assets/media/hotspot-owners.')),
    "allowed.files!.some((file) => file.path.startsWith('assets/media/hotspot-owners.'))",
  );
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});
