// Small shared helpers for the benchmark scripts: run a command N times and
// report medians, always next to a reference measured in the same run.
import { spawn, spawnSync } from 'node:child_process';

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Wall time of a whole process, in ms, median of `runs`. */
export function timeProcess(argv, { runs = 10, env = process.env, cwd, stdout = 'ignore' } = {}) {
  return timeProcessesInterleaved([{ argv, env, cwd, stdout }], { runs })[0];
}

/**
 * Wall times of several processes, medians of `runs` each, run round by round (the order reversed every other
 * round), so that a machine slowing down or speeding up during the measurement weighs on all of them alike.
 * Each entry: { argv, env, cwd, stdout }.
 */
export function timeProcessesInterleaved(entries, { runs = 10 } = {}) {
  const times = interleavedRounds(entries.length, runs, (k) => {
    const { argv, env = process.env, cwd, stdout = 'ignore' } = entries[k];
    const t0 = performance.now();
    const r = spawnSync(argv[0], argv.slice(1), { env, cwd, stdio: ['ignore', stdout, 'ignore'] });
    if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}`);
    return performance.now() - t0;
  });
  return times.map(median);
}

/** `measure(k)` for each of `count` subjects, `runs` rounds, the order reversed every other round: each subject's results, in round order. */
export function interleavedRounds(count, runs, measure) {
  const results = Array.from({ length: count }, () => []);
  for (let i = 0; i < runs; i++) {
    const order = Array.from({ length: count }, (_, k) => k);
    if (i % 2) order.reverse();
    for (const k of order) results[k].push(measure(k));
  }
  return results;
}

/** Start a process and resolve with the ms until `until()` resolves; then kill it. */
export async function timeUntil(argv, until, { env = process.env, cwd } = {}) {
  const t0 = performance.now();
  const child = spawn(argv[0], argv.slice(1), { env, cwd, stdio: 'ignore' });
  try {
    await until();
    return performance.now() - t0;
  } finally {
    child.kill('SIGKILL');
  }
}

export function ratio(x, ref) {
  return `${(x / ref).toFixed(2)}×`;
}

export function row(name, value, unit, ref, goal) {
  const r = ref === undefined ? '' : `  ${ratio(value, ref)} of reference`;
  const g = goal ? `  (goal: ${goal})` : '';
  console.log(`  ${name.padEnd(48)} ${value.toFixed(unit === 'µs' ? 2 : 1).padStart(9)} ${unit}${r}${g}`);
}
