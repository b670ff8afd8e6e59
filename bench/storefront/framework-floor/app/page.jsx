export default function Page() {
  return <p>empty</p>;
}
