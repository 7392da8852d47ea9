/**
 * First run: the setup screen that creates the first administrator. The shell loads the screen
 * itself on demand (app/SetupGate.tsx), only while the server has no administrator.
 */
export {};
