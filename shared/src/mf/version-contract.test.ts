import { describe, expect, it } from 'vitest';
import { SINGLETONS } from './singletons.ts';
import { contractProblems, describeContractProblem, SHARED_PACKAGES, sharedVersions } from './version-contract.ts';

const shell = { react: '19.3.1', 'react-dom': '19.3.1', valtio: '2.3.2', zod: '4.6.7', 'left-pad': '0.5.2' };

describe('version contract', () => {
  it('lists the npm packages of the singletons (subpaths as their package, Chakra through @portal/shared/chakra)', () => {
    expect(SHARED_PACKAGES).toEqual(expect.arrayContaining(['react', 'react-dom', '@chakra-ui/react', 'zod']));
    expect(SHARED_PACKAGES).not.toContain('react/jsx-runtime');
    expect(SHARED_PACKAGES.filter((p) => p.startsWith('@portal/'))).toEqual([]);
    expect(new Set(SHARED_PACKAGES).size).toBe(SHARED_PACKAGES.length);
    expect(SINGLETONS).toContain('@portal/shared/chakra');
  });

  it("refuses a remote built when react-router itself was shared (its own router beside the shell's one)", () => {
    expect(SHARED_PACKAGES).not.toContain('react-router');
    expect(contractProblems(shell, { react: '19.3.1', 'react-router': '8.5.1' })).toEqual([
      { package: 'react-router', provided: null, required: '8.5.1' },
    ]);
  });

  it('accepts exact versions only', () => {
    expect(sharedVersions.safeParse({ react: '19.3.1', zod: '4.0.0-beta.1' }).success).toBe(true);
    expect(sharedVersions.safeParse({ react: '^19.3.1' }).success).toBe(false);
    expect(sharedVersions.safeParse({ react: 19 }).success).toBe(false);
  });

  it('accepts the same major, whatever the minor and patch, either way', () => {
    expect(contractProblems(shell, { react: '19.3.1' })).toEqual([]);
    expect(contractProblems(shell, { react: '19.0.0', 'react-dom': '19.9.12', valtio: '2.0.0' })).toEqual([]);
    expect(contractProblems(shell, { 'left-pad': '0.5.9' })).toEqual([]);
  });

  it('accepts packages the shell provides that the remote does not list', () => {
    expect(contractProblems(shell, {})).toEqual([]);
  });

  it('refuses another major', () => {
    expect(contractProblems(shell, { react: '18.2.0', zod: '4.1.0' })).toEqual([
      { package: 'react', provided: '19.3.1', required: '18.2.0' },
    ]);
    expect(contractProblems(shell, { zod: '5.0.0' })).toEqual([{ package: 'zod', provided: '4.6.7', required: '5.0.0' }]);
  });

  it('refuses another minor of a 0.x version', () => {
    expect(contractProblems(shell, { 'left-pad': '0.6.0' })).toEqual([
      { package: 'left-pad', provided: '0.5.2', required: '0.6.0' },
    ]);
  });

  it('refuses a package the shell does not provide, and a version that is not exact', () => {
    expect(contractProblems(shell, { 'react-intl': '12.1.5' })).toEqual([
      { package: 'react-intl', provided: null, required: '12.1.5' },
    ]);
    expect(contractProblems(shell, { react: '^19.3.1' })).toHaveLength(1);
    expect(contractProblems({ toString: '1.0.0' } as Record<string, string>, { constructor: '1.0.0' })).toHaveLength(1);
  });

  it('says which package, both versions and what to do', () => {
    expect(describeContractProblem({ package: 'react', provided: '19.3.1', required: '18.2.0' }, 'marketing')).toBe(
      'react: the shell provides 19.3.1 but marketing was built against 18.2.0 (a different major). ' +
        'Rebuild marketing against the workspace catalog (pnpm-workspace.yaml) or deploy a shell that provides react 18 first.',
    );
    expect(describeContractProblem({ package: 'react-intl', provided: null, required: '12.1.5' }, 'checkout')).toBe(
      'react-intl: the shell provides no react-intl but checkout was built against 12.1.5. ' +
        'Rebuild checkout against the workspace catalog (pnpm-workspace.yaml) or deploy a shell that provides react-intl 12 first.',
    );
    expect(describeContractProblem({ package: 'left-pad', provided: '0.5.2', required: '0.6.0' }, 'x')).toContain(
      'provides left-pad 0.6 first',
    );
  });
});
