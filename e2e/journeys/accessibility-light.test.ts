// The accessibility audit of every page in the light theme (the audit itself: accessibility.ts).
import { auditEveryPage } from './accessibility.ts';

auditEveryPage('light');
