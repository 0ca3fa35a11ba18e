import type { ChunkedBytes } from './chunked-bytes';
import { UnreadableBodyError } from './import-body';

/**
 * Past a UTF-8 byte order mark (some Windows editors write one; JSON.parse would refuse it). A
 * UTF-16 one is refused: Windows PowerShell 5's `kubectl get -o json > file` writes UTF-16.
 */
export function contentStart(bytes: ChunkedBytes): number {
  const [first, second, third] = [bytes.byteAt(0), bytes.byteAt(1), bytes.byteAt(2)];
  if (first === 0xef && second === 0xbb && third === 0xbf) return 3;
  if ((first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)) {
    throw new UnreadableBodyError('the body is UTF-16 (it starts with a UTF-16 byte order mark, as Windows PowerShell 5 writes files): send it as UTF-8', {
      document: 0,
      offset: 0,
      line: 1,
    });
  }
  return 0;
}
