import { errorDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { getAtPointer, toPointer } from './json-pointer.js';

/**
 * Every `$ref` of a single-file document must point at something in it. One walk of the
 * document; each broken reference is reported at its own pointer. (Multi-file descriptions are
 * checked by json-schema-ref-parser while bundling.)
 */
export function checkInternalRefs(document: unknown, file: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const path: (string | number)[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        path.push(i);
        visit(item);
        path.pop();
      });
      return;
    }
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && (!ref.startsWith('#') || getAtPointer(document, ref) === undefined)) {
      diagnostics.push(errorDiagnostic('DG303', `Broken $ref "${ref}": nothing at that pointer`, { file, pointer: toPointer(path), hint: 'Point the $ref at an existing component, e.g. "#/components/schemas/Gateway".' }));
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example' || key === 'examples' || key === 'const' || key === 'default' || key === 'enum') continue;
      path.push(key);
      visit(value);
      path.pop();
    }
  };
  visit(document);
  return diagnostics;
}
