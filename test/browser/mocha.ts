/** Mocha's globals, which @web/test-runner installs before a test file runs, typed for the tests. */
type Body = () => void | Promise<void>;

interface MochaGlobals {
  describe(title: string, body: () => void): void;
  it(title: string, body: Body): void;
  before(body: Body): void;
  after(body: Body): void;
  beforeEach(body: Body): void;
  afterEach(body: Body): void;
}

export const { describe, it, before, after, beforeEach, afterEach } = globalThis as unknown as MochaGlobals;
