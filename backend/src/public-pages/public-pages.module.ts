import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { PublicPagesService } from './public-pages.service';

/** The public pages prerendered to HTML, sitemap.xml and robots.txt (served beside the built frontend: app.setup.ts). */
@Module({
  imports: [OrdersModule],
  providers: [PublicPagesService],
  exports: [PublicPagesService],
})
export class PublicPagesModule {}
