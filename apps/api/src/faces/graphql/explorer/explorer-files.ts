import path from 'node:path';
import { EXPLORER_SCRIPT, EXPLORER_STYLES } from './explorer-script';

/** Where the page's files are served: under /graphql, open to all as the page is (serve-explorer.ts). */
export const EXPLORER_FILES_PATH = '/graphql/explorer/';

/** One file the page loads: from an installed package (by its path on disk), or the page's own (its text). */
export type ExplorerFile = { name: string; kind: 'script' | 'style' } & ({ from: 'package'; file: string } | { from: 'page'; text: string });

/**
 * A file of an installed package. Found through its package.json, which every package exports:
 * react and react-dom do not export their umd/ folder, so `require.resolve('react/umd/...')`
 * fails. Resolved by node, the same from the sources (tests) and from dist/ (production).
 */
function packageFile(packageName: string, fileInPackage: string): string {
  return path.join(path.dirname(require.resolve(`${packageName}/package.json`)), fileInPackage);
}

/**
 * Everything the page loads, in its order, and nothing from another origin. GraphiQL 3 is the last
 * version with a browser build that needs no bundler (window.GraphiQL over window.React and
 * window.ReactDOM); its production builds of React 18 beside it.
 */
export const EXPLORER_FILES: readonly ExplorerFile[] = [
  { name: 'graphiql.min.css', kind: 'style', from: 'package', file: packageFile('graphiql', 'graphiql.min.css') },
  { name: 'explorer.css', kind: 'style', from: 'page', text: EXPLORER_STYLES },
  { name: 'react.production.min.js', kind: 'script', from: 'package', file: packageFile('react', 'umd/react.production.min.js') },
  { name: 'react-dom.production.min.js', kind: 'script', from: 'package', file: packageFile('react-dom', 'umd/react-dom.production.min.js') },
  { name: 'graphiql.min.js', kind: 'script', from: 'package', file: packageFile('graphiql', 'graphiql.min.js') },
  { name: 'explorer.js', kind: 'script', from: 'page', text: EXPLORER_SCRIPT },
];

/** A file's address in the page: relative to /graphql, the page's own address. */
export const explorerFileUrl = (file: ExplorerFile): string => `${EXPLORER_FILES_PATH.slice(1)}${file.name}`;
