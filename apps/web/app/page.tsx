import { NotesApp } from '../components/NotesApp';

// The whole app is client-side: notes live in IndexedDB and arrive over the relay's WebSocket, so the
// prerendered page is only the empty shell the service worker caches.
export default function HomePage() {
  return <NotesApp />;
}
