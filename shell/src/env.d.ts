/// <reference types="@rsbuild/core/types" />

/** The exact versions of the shared packages this shell provides (package → version), set at build time (shared/build/rsbuild.ts). */
declare const __PROVIDED_VERSIONS__: Record<string, string>;
