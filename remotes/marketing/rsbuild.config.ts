import { defineRemoteConfig } from '@portal/shared/build';

export default defineRemoteConfig('marketing');
