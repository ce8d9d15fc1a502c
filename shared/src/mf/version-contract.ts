import { z } from 'zod';
import { isWorkspaceSingleton, packageOf, SINGLETONS } from './singletons.ts';

/**
 * The shell's version contract with the remotes. The shell provides one copy of each shared
 * singleton (versions from the workspace catalog, pnpm-workspace.yaml); a remote built against
 * another major of one of them must not be deployed, since its code would run on the shell's copy.
 * Server- and browser-safe: no Node imports.
 */

/**
 * The npm packages behind the shared singletons ('react/jsx-runtime' counts as react), plus Chakra,
 * which every app shares through @portal/shared/chakra. Not react-router, although every app shares
 * it through @portal/shared/router: a remote built before that entry (decision 0040) listed
 * react-router and would consume its own copy beside the shell's (a second router context, its
 * links broken); that the shell provides no react-router refuses such a remote at deploy.
 */
/** Written at the root of the shell's browser build: the exact versions of the shared packages it provides. */
export const PROVIDED_VERSIONS_FILE = 'shared-versions.json';

export const SHARED_PACKAGES: readonly string[] = [
  ...new Set([...SINGLETONS.filter((name) => !isWorkspaceSingleton(name)).map(packageOf), '@chakra-ui/react']),
];

const EXACT_SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** Package name → the exact version (what the shell provides, or what a remote was built against). */
export const sharedVersions = z.record(z.string().min(1), z.string().regex(EXACT_SEMVER, 'an exact version such as 19.3.1'));
export type SharedVersions = z.infer<typeof sharedVersions>;

export interface ContractProblem {
  package: string;
  /** What the shell provides; null when it provides no such package. */
  provided: string | null;
  /** What the remote was built against. */
  required: string;
}

/**
 * The part of a version that must match: the major, or for 0.x the minor too ('0.5'), since
 * semver lets a 0.x minor break. Null for what is not an exact version.
 */
export function compatibilityLine(version: string): string | null {
  const m = EXACT_SEMVER.exec(version);
  if (!m) return null;
  return m[1] === '0' ? `0.${m[2]}` : (m[1] as string);
}

/**
 * What the shell (`provided`) cannot satisfy of what a remote was built against (`builtAgainst`):
 * a package of another major (minor for 0.x), or one the shell does not provide. Minor and patch
 * differences are fine, and so are packages the shell provides that the remote does not list. A
 * version that is not exact cannot be checked and counts as a problem.
 */
export function contractProblems(provided: Record<string, string>, builtAgainst: Record<string, string>): ContractProblem[] {
  const problems: ContractProblem[] = [];
  for (const [pkg, required] of Object.entries(builtAgainst)) {
    const have = Object.hasOwn(provided, pkg) ? (provided[pkg] as string) : null;
    const line = compatibilityLine(required);
    if (have === null || line === null || compatibilityLine(have) !== line)
      problems.push({ package: pkg, provided: have, required });
  }
  return problems;
}

/** One problem as the operator reads it: the package, both versions and what to do. */
export function describeContractProblem(p: ContractProblem, remote: string): string {
  const line = compatibilityLine(p.required) ?? p.required;
  const built = `${remote} was built against ${p.required}`;
  const why =
    p.provided === null
      ? `the shell provides no ${p.package} but ${built}`
      : `the shell provides ${p.provided} but ${built} (a different ${line.startsWith('0.') ? 'minor of a 0.x version' : 'major'})`;
  return (
    `${p.package}: ${why}. Rebuild ${remote} against the workspace catalog (pnpm-workspace.yaml) ` +
    `or deploy a shell that provides ${p.package} ${line} first.`
  );
}
