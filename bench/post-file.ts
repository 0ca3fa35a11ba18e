import { execFile } from 'node:child_process';

/**
 * POSTs the file with curl, streaming it from disk in a process of its own (as a client would, so
 * that sending does not take this process's time); answers the status, the JSON answer and the
 * seconds it took.
 */
export function postFile(port: number, url: string, file: string): Promise<{ status: number; body: Record<string, unknown>; seconds: number }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const args = [
      '-s',
      '-T',
      file,
      '-X',
      'POST',
      '-H',
      'content-type: application/json',
      '-H',
      'expect:',
      '-w',
      '\n%{http_code}',
      `http://127.0.0.1:${port}${url}`,
    ];
    execFile('curl', args, { maxBuffer: 64 * 2 ** 20 }, (error, stdout) => {
      if (error) {
        reject(new Error(`curl failed: ${error.message}`));
        return;
      }
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const newline = stdout.lastIndexOf('\n');
      resolve({ status: Number(stdout.slice(newline + 1)), body: JSON.parse(stdout.slice(0, newline)) as Record<string, unknown>, seconds });
    });
  });
}
