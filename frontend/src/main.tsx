import { boot } from './app/boot';
import { enterApp } from './app/enter-app';
import { answerHandover } from './app/public/handover';
import './index.css';

// Loaded by a prerendered public page's light entry when the visitor goes into the app (app/public/handover.ts), the
// app waits to be shown; anywhere else it starts.
if (!answerHandover(enterApp)) void boot(document.getElementById('root')!);
