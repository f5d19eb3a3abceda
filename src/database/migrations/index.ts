import { InitialSchema1763683200000 } from './1763683200000-initial-schema.js';
import { LearningLog1763942400000 } from './1763942400000-learning-log.js';
import { DailyEditCounts1764028800000 } from './1764028800000-daily-edit-counts.js';
import { DailyCounts1764201600000 } from './1764201600000-daily-counts.js';
import { Users1764400000000 } from './1764400000000-users.js';
import { ConsoleSessions1764400100000 } from './1764400100000-console-sessions.js';
import { WhoActed1764400200000 } from './1764400200000-who-acted.js';
import { AssistantConnections1764500000000 } from './1764500000000-assistant-connections.js';
import { AutovacuumAfterInserts1764600000000 } from './1764600000000-autovacuum-after-inserts.js';
import { SiteCounts1764700000000 } from './1764700000000-site-counts.js';
import { ArticleListIndex1764700100000 } from './1764700100000-article-list-index.js';
import { LearningLogByMonth1764800000000 } from './1764800000000-learning-log-by-month.js';
import { ReportRollups1764900000000 } from './1764900000000-report-rollups.js';
import { ReportBrands1765000000000 } from './1765000000000-report-brands.js';
import { ActivitySearch1765100000000 } from './1765100000000-activity-search.js';
import { CallsByDay1765100100000 } from './1765100100000-calls-by-day.js';
import { KeyRotation1765100200000 } from './1765100200000-key-rotation.js';
import { MailLog1765200000000 } from './1765200000000-mail-log.js';
import { OwnAccounts1765200100000 } from './1765200100000-own-accounts.js';
import { SecondFactors1765300000000 } from './1765300000000-second-factors.js';
import { MonthlyDomains1765400000000 } from './1765400000000-monthly-domains.js';
import { MonthlyCounts1765400100000 } from './1765400100000-monthly-counts.js';
import { KnownBrowsersSeen1765400200000 } from './1765400200000-known-browsers-seen.js';

/** Every migration, oldest first. A new migration is added here as well as in its file. */
export const MIGRATIONS = [
  InitialSchema1763683200000,
  LearningLog1763942400000,
  DailyEditCounts1764028800000,
  DailyCounts1764201600000,
  Users1764400000000,
  ConsoleSessions1764400100000,
  WhoActed1764400200000,
  AssistantConnections1764500000000,
  AutovacuumAfterInserts1764600000000,
  SiteCounts1764700000000,
  ArticleListIndex1764700100000,
  LearningLogByMonth1764800000000,
  ReportRollups1764900000000,
  ReportBrands1765000000000,
  ActivitySearch1765100000000,
  CallsByDay1765100100000,
  KeyRotation1765100200000,
  MailLog1765200000000,
  OwnAccounts1765200100000,
  SecondFactors1765300000000,
  MonthlyDomains1765400000000,
  MonthlyCounts1765400100000,
  KnownBrowsersSeen1765400200000,
];
