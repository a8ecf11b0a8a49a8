import { createBrowserRouter } from 'react-router-dom';

function SignInPlaceholder() {
  return (
    <main className="auth-page">
      <h1>Sign In</h1>
    </main>
  );
}

export const router = createBrowserRouter([{ path: '/sign-in', element: <SignInPlaceholder /> }]);
