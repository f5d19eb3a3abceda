/** Where Swagger UI serves this document to people (`{base_url}/docs`). */
export const SWAGGER_UI_PATH = 'docs';
