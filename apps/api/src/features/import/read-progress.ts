/** How far reading a body has got, for a large import to log. */
export interface ReadProgress {
  /** Bytes of the body read so far: everything before the last object (or error) handed out. */
  readonly bytesRead: number;
  /** The body's length, when the client declared it (Content-Length). */
  readonly totalBytes: number | undefined;
  /** Objects handed out so far. */
  readonly objects: number;
  /** Documents or items that could not be read (YAML only: a JSON error ends the read). */
  readonly errors: number;
  /** True on the last report, once the whole body has been read. */
  readonly done: boolean;
}

export interface ReadOptions {
  /** Called every `progressEveryBytes` of the body read, and once at the end (`done`). */
  readonly onProgress?: (progress: ReadProgress) => void;
  /** How many bytes between two reports; 64 MiB unless given (about 16 reports for a 1 GB body). */
  readonly progressEveryBytes?: number;
}

const DEFAULT_PROGRESS_EVERY_BYTES = 64 * 1024 * 1024;

/** Counts what a reader hands out and reports it through `onProgress`, no more often than asked. */
export class ProgressMeter {
  private objects = 0;
  private errors = 0;
  private bytesRead = 0;
  private nextReportAt: number;
  private readonly every: number;

  constructor(
    private readonly totalBytes: number | undefined,
    private readonly options: ReadOptions,
  ) {
    this.every = Math.max(1, options.progressEveryBytes ?? DEFAULT_PROGRESS_EVERY_BYTES);
    this.nextReportAt = this.every;
  }

  /** An object was handed out; the body has been read up to `bytesRead`. */
  object(bytesRead: number): void {
    this.objects++;
    this.advance(bytesRead);
  }

  /** A document or item could not be read; the body has been read up to `bytesRead`. */
  error(bytesRead: number): void {
    this.errors++;
    this.advance(bytesRead);
  }

  /** The whole body, `bytes` long, has been read. */
  finish(bytes: number): void {
    this.bytesRead = bytes;
    this.report(true);
  }

  private advance(bytesRead: number): void {
    this.bytesRead = Math.max(this.bytesRead, bytesRead);
    if (this.options.onProgress && this.bytesRead >= this.nextReportAt) {
      this.nextReportAt = (Math.floor(this.bytesRead / this.every) + 1) * this.every;
      this.report(false);
    }
  }

  private report(done: boolean): void {
    this.options.onProgress?.({ bytesRead: this.bytesRead, totalBytes: this.totalBytes, objects: this.objects, errors: this.errors, done });
  }
}
