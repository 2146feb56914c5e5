// The errors real-baileys-server.ts raises on SIGUSR2, for the test to find in its output.
export const REJECTION_MESSAGE = 'test fault: a rejection nobody handles';
export const EXCEPTION_MESSAGE = 'test fault: an exception nobody catches';
