// The configuration and its plugins live in the tools/lint workspace (see tools/lint/config.js for why).
export { default } from '@atende/lint';
