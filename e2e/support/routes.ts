import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** A route of the console's route table (apps/web/src/app/routeTable.ts), as a browser test needs it. */
export interface TableRoute {
  path: string;
  public: boolean;
  /** A public screen that fills the window (the maps). */
  screen: boolean;
  /** Needs a lockId (from the query, else session storage) or reads one from the query. */
  lockId: boolean;
  /** The query parameters one of which the route needs (else it goes elsewhere). */
  requires: string[];
  /** Offered only where the brand sells paid services; elsewhere it answers "not found". */
  paid: boolean;
}

const TABLE = join(import.meta.dirname, '..', '..', 'apps/web/src/app/routeTable.ts');
/** The lock detail's tabs, which the table's `/manage/${tab}` routes are made from. */
const TABS = join(import.meta.dirname, '..', '..', 'apps/web/src/app/manageTabs.ts');

/**
 * Every route of the console's route table, read from its source (the console's
 * sources are read, not run, here): each object literal with a `path`, the `/manage/${tab}`
 * routes expanded with the lock detail's tabs (manageTabs.ts).
 */
export function routeTable(): TableRoute[] {
  const source = ts.createSourceFile(TABLE, readFileSync(TABLE, 'utf8'), ts.ScriptTarget.Latest, true);
  const arrays = new Map<string, string[]>();
  const routes: TableRoute[] = [];
  const strings = (node: ts.Node): string[] => {
    const found: string[] = [];
    const walk = (n: ts.Node) => {
      if (ts.isStringLiteral(n)) found.push(n.text);
      n.forEachChild(walk);
    };
    walk(node);
    return found;
  };
  const visit = (node: ts.Node, inPublic: boolean) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isArrayLiteralExpression(init) && init.elements.every(ts.isStringLiteral)) {
        arrays.set(node.name.text, strings(init));
      }
      const isPublic = node.name.text === 'PUBLIC_ROUTES' || (inPublic && node.name.text !== 'CONSOLE_ROUTES');
      node.forEachChild((child) => visit(child, isPublic));
      return;
    }
    if (ts.isObjectLiteralExpression(node)) {
      const props = new Map<string, ts.Expression>();
      for (const p of node.properties) {
        if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
          props.set(p.name.text, p.initializer);
        }
      }
      const path = props.get('path');
      if (path && props.has('name')) {
        const flag = (name: string) => props.get(name)?.kind === ts.SyntaxKind.TrueKeyword;
        const query = props.get('query');
        const requires = props.get('requires');
        const requiresList: string[] = [];
        if (requires && ts.isObjectLiteralExpression(requires)) {
          for (const p of requires.properties) {
            if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name) || p.name.text !== 'oneOf') continue;
            if (ts.isArrayLiteralExpression(p.initializer)) {
              for (const e of p.initializer.elements) {
                if (ts.isStringLiteral(e)) requiresList.push(e.text);
                else if (ts.isSpreadElement(e) && ts.isIdentifier(e.expression)) {
                  requiresList.push(...(arrays.get(e.expression.text) ?? []));
                }
              }
            }
          }
        }
        const base = {
          public: inPublic,
          screen: flag('screen'),
          lockId: flag('lockId') || (query ? strings(query).includes('lockId') : false),
          requires: requiresList,
          paid: flag('paid'),
        };
        if (ts.isStringLiteral(path)) routes.push({ path: path.text, ...base });
        else if (ts.isTemplateExpression(path)) {
          // `/manage/${tab}` inside `MANAGE_TABS.map(...)`.
          let call: ts.Node = node;
          while (call && !ts.isCallExpression(call)) call = call.parent;
          const owner =
            call && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression)
              ? call.expression.expression
              : undefined;
          const values = owner && ts.isIdentifier(owner) ? (arrays.get(owner.text) ?? []) : [];
          for (const value of values) {
            routes.push({ path: path.head.text + value + (path.templateSpans.at(-1)?.literal.text ?? ''), ...base });
          }
        }
      }
    }
    node.forEachChild((child) => visit(child, inPublic));
  };
  visit(ts.createSourceFile(TABS, readFileSync(TABS, 'utf8'), ts.ScriptTarget.Latest, true), false);
  visit(source, false);
  if (routes.length < 40) throw new Error(`only ${routes.length} routes read from ${TABLE}`);
  return routes;
}
