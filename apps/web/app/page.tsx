import { AccountGate } from '../components/account/AccountGate';

// The whole app is client-side: notes live in IndexedDB and arrive over the relay's WebSocket, so the
// prerendered page is only the empty shell the service worker caches. The gate decides, in the browser,
// between sign-in and the notes of the signed-in user.
export default function HomePage() {
  return <AccountGate />;
}
