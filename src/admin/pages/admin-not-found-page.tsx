import { Link } from 'react-router-dom';

export default function AdminNotFoundPage() {
  return (
    <>
      <title>Not found · Back office</title>
      <h1>Not found</h1>
      <p>
        There is no back-office page here. <Link to="/admin">Back office home</Link>
      </p>
    </>
  );
}
