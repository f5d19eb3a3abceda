import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source-options.js';
import { PreparedStatements } from './prepared-statements.js';

/** The database connection (TypeORM's pool) and the statements run on it, for every module. */
@Module({})
export class DatabaseModule {
  /** `retryAttempts`: retries of the first connection (TypeORM’s default unless given). */
  static forRoot(url: string, connect: { retryAttempts?: number } = {}): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(url), ...connect })],
      providers: [PreparedStatements],
      exports: [PreparedStatements],
    };
  }
}
