// The accessibility audit of every page in the dark theme (the audit itself: accessibility.ts).
import { auditEveryPage } from './accessibility.ts';

auditEveryPage('dark');
