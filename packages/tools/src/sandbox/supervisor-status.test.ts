/** The supervisor's report on fd 3, read from a real stream as the runner reads it. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSupervisorReport, type SupervisorReport } from './supervisor-status.js';

function read(...chunks: string[]): SupervisorReport[] {
  const stream = new PassThrough();
  const got: SupervisorReport[] = [];
  readSupervisorReport(stream, (r) => got.push(r));
  for (const c of chunks) stream.write(c);
  return got;
}

const SNMP = ['Ip: Forwarding OutNoRoutes', 'Ip: 2 5', 'Tcp: ActiveOpens AttemptFails', 'Tcp: 1 1', 'Udp: InDatagrams NoPorts', 'Udp: 0 2', 'Ip6OutNoRoutes 3'].join('\n');

describe('readSupervisorReport', () => {
  it('tells a signal from an exit status, and a shell\'s number stays an exit status', () => {
    expect(read('signal 9\nend\n')).toEqual([{ code: null, signal: 'SIGKILL', network: null }]);
    expect(read('exit 137\nend\n')).toEqual([{ code: 137, signal: null, network: null }]);
    expect(read('status 137\nend\n')).toEqual([{ code: 137, signal: null, network: null }]);
  });

  it('waits for the end line, across chunks, and reports once', () => {
    expect(read('exit 0\nIp: Forw', 'arding OutNoRoutes\n')).toEqual([]);
    expect(read('exit 0\n', `${SNMP}\n`, 'end\n', 'end\n')).toHaveLength(1);
  });

  it('adds up the network counters of the namespace', () => {
    expect(read(`exit 1\n${SNMP}\nend\n`)[0]!.network).toEqual({ noRoute: 8, refused: 3 });
  });

  it('has no counters when the report has none, or only part of them', () => {
    expect(read('exit 1\nIp: Forwarding\nIp: 2\nend\n')[0]!.network).toBeNull();
  });
});
