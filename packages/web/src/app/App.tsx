export function App() {
  return <h1>Sasayaki</h1>;
}
