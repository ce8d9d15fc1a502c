import { defineShellConfig } from '@portal/shared/build';

export default defineShellConfig();
