// The finder of the programs the tests drive (scripts/system-tool.mjs), run as a user who cannot
// install: it stops with a message naming the variable to set, and never calls apt-get.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FINDER = join(import.meta.dirname, '../../scripts/system-tool.mjs');
const isRoot = process.getuid?.() === 0;
// As root, the finder runs as `nobody`: the case of a developer's own account.
const asUser = isRoot ? { uid: 65534, gid: 65534 } : {};

/** Runs findSystemTool for a tool found nowhere on this machine, with `env` added; its exit code and output. */
function find(env: Record<string, string> = {}) {
  const script = `import(${JSON.stringify(FINDER)}).then(({ findSystemTool }) => console.log('found', findSystemTool({ name: 'Frobnicator', envVar: 'FROBNICATOR_PATH', candidates: ['/nonexistent/bin/frobnicator'], aptPackage: 'frobnicator' })))`;
  const { FROBNICATOR_PATH: _unset, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { ...asUser, cwd: '/', env: { ...inherited, ...env }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('findSystemTool, without the rights to install', () => {
  it('stops with a message naming the variable to set, and installs nothing', () => {
    const { status, stdout, stderr } = find();
    expect(status).toBe(1);
    expect(stderr).toContain('No Frobnicator found in /nonexistent/bin/frobnicator.');
    expect(stderr).toContain('FROBNICATOR_PATH=/path/to/frobnicator npm test');
    expect(stdout).not.toContain('apt-get');
  });

  it('takes the executable the variable names', () => {
    expect(find({ FROBNICATOR_PATH: process.execPath })).toMatchObject({ status: 0, stdout: `found ${process.execPath}\n` });
  });

  it('says so when the variable names a file that does not exist', () => {
    const { status, stderr } = find({ FROBNICATOR_PATH: '/nonexistent/frob' });
    expect(status).toBe(1);
    expect(stderr).toContain('FROBNICATOR_PATH is set to /nonexistent/frob, which does not exist.');
  });
});
