import { bootPublic } from './app/public/boot-public';
import './index.css';

// The prerendered public pages' entry (public.html): see app/public/public-app.tsx. main.tsx is the app's.
void bootPublic(document.getElementById('root')!);
