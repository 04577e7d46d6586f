import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';

export const QUOTE_BUDGETS = ['1000-3000', '3000-5000', '5000-10000', '10000+'] as const;
export const QUOTE_TIMELINES = ['urgent', 'normal', 'flexible'] as const;
export const CALLBACK_PREFERENCES = ['morning', 'afternoon', 'evening', 'anytime'] as const;
export type QuoteBudget = (typeof QUOTE_BUDGETS)[number];
export type QuoteTimeline = (typeof QUOTE_TIMELINES)[number];
export type CallbackPreference = (typeof CALLBACK_PREFERENCES)[number];

/** A custom-plan (Teams) quote request from the public site. The name is kept whole. */
@Entity('quote_requests')
@Index('quote_requests_created_at_idx', { synchronize: false })
export class QuoteRequest extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  phone: string;

  @Column({ type: 'text', nullable: true })
  company: string | null;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text', nullable: true })
  budget: QuoteBudget | null;

  @Column({ type: 'text', nullable: true })
  timeline: QuoteTimeline | null;

  @Column({ name: 'callback_preference', type: 'text' })
  callbackPreference: CallbackPreference;
}
