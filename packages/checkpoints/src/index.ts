export { CheckpointStore, type CheckpointStoreOptions, type StoredCheckpoint, type ShadowRestoreResult } from './checkpoint-store.js';
export { lockShadow, ShadowLockedError } from './shadow-lock.js';
export { openCheckpoints, DEFAULT_MAX_FILE_SIZE, type OpenCheckpointsOptions, type OpenedCheckpoints } from './open-checkpoints.js';
export { CHECKPOINT_OPTIONS, defineCheckpointOptions } from './checkpoint-options.js';
export { pruneShadow, repositoryBytes, type PruneOptions, type PruneResult } from './prune.js';
export { ShadowGit, GitError } from './shadow-git.js';
export { projectId, shadowDir, checkpointsRoot } from './shadow-repo.js';
export { CHECKPOINT_REFS, KNOWN_REF, SAVED_REFS } from './checkpoint-records.js';
