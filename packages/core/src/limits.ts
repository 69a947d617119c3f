/** The limits of the user's page ("Limits"), in one place. */
export interface Limits {
  /** Bytes of output any tool may return. */
  outputBytes: number;
  /** Lines read returns when no limit is given. */
  readLines: number;
  /** Characters of one line that read and grep show. */
  lineChars: number;
  /** Default timeout of bash and lug.proc.run, in seconds. */
  timeoutSecs: number;
  /** Longest timeout bash allows, in seconds. */
  maxTimeoutSecs: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  outputBytes: 30_000,
  readLines: 2_000,
  lineChars: 2_000,
  timeoutSecs: 120,
  maxTimeoutSecs: 600,
});
