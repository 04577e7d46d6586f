// The accessibility audit of every page at 1440 px, in both themes (the audit itself: accessibility.ts).
import { WIDE } from '../browser.ts';
import { auditEveryPage } from './accessibility.ts';

auditEveryPage(WIDE);
