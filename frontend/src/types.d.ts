declare module '*.css';
declare module '*.css?raw' {
  const text: string;
  export default text;
}
// the server's tables that tests compare with the app's (testing/server-roles.ts reads bank/core/roles.py)
declare module '*.py?raw' {
  const text: string;
  export default text;
}
