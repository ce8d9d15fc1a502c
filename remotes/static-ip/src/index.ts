// A remote has no page of its own: the shell loads ./routes from remoteEntry.js at run time.
export {};
