import { LearningLogEntry } from '../audit/entities/learning-log-entry.entity.js';
import { Account } from '../auth/entities/account.entity.js';
import { ApiKey } from '../auth/entities/api-key.entity.js';
import { Article } from '../articles/entities/article.entity.js';
import { ArticleRevision } from '../articles/entities/article-revision.entity.js';
import { Backlink } from '../backlinks/backlink.entity.js';
import { Site } from '../sites/site.entity.js';
import { PasswordLink } from '../users/entities/password-link.entity.js';
import { User } from '../users/entities/user.entity.js';

/** Every entity; the data source and the Nest module both read this list. */
export const ENTITIES = [
  Account,
  ApiKey,
  Site,
  Article,
  ArticleRevision,
  Backlink,
  LearningLogEntry,
  User,
  PasswordLink,
];
