import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumns } from '../database/columns';
import { User } from '../auth/user.entity';

/** A message a signed-in user sent to support (mailed to the team); the latest one sets the wait before the next. */
@Entity('support_messages')
@Index('support_messages_user_id_idx', ['userId', 'createdAt'])
export class SupportMessage extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'support_messages_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  message: string;
}
