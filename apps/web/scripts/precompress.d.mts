// The types of precompress.mjs, for the server's test of it.
// Returns the paths of the .br and .gz files written.
export declare const precompress: (dir: string) => string[];
