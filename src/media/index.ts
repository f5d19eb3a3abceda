export { ImageUploadInterceptor, MAX_IMAGE_BYTES } from './image-upload.interceptor.js';
export { MediaModule } from './media.module.js';
export { MediaService } from './media.service.js';
