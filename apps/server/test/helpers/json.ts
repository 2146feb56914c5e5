// A parsed JSON body, request or event payload as a test reads it: the test's own assertions check
// its shape, so typing each one would restate the shared schemas in every test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the one place tests opt out of types, for the reason above
export type Json = any;
