import { runService } from '@sleep-ritual/platform/run-service';
import { createApp } from './app.ts';

await runService('webhooks', createApp);
