// The widget's own few texts in the four languages of the product. It runs on other sites, in
// its own small bundle: the web app's i18next catalogues would weigh more than the whole widget.
const texts = {
  en: {
    open: 'Chat with us',
    close: 'Close',
    placeholder: 'Write a message…',
    send: 'Send',
    start: 'Start chat',
    name: 'Your name',
    email: 'Email',
    phone: 'Phone',
    failed: 'Not sent. Try again in a moment.',
    file: 'File',
    typing: '{name} is typing…',
    attendant: 'The attendant',
    attach: 'Attach an image or file',
    tooLarge: 'The file is empty or larger than 10 MB.',
    closed: 'We are closed now. Leave a message and we will answer when we are back.',
    seen: 'Seen',
    rate: 'Your rating, from 0 to 10',
  },
  pt: {
    open: 'Fale conosco',
    close: 'Fechar',
    placeholder: 'Escreva uma mensagem…',
    send: 'Enviar',
    start: 'Iniciar conversa',
    name: 'Seu nome',
    email: 'E-mail',
    phone: 'Telefone',
    failed: 'Não enviada. Tente de novo em instantes.',
    file: 'Arquivo',
    typing: '{name} está digitando…',
    attendant: 'O atendente',
    attach: 'Anexar imagem ou arquivo',
    tooLarge: 'O arquivo está vazio ou passa de 10 MB.',
    closed: 'Estamos fora do horário de atendimento. Deixe sua mensagem e responderemos quando voltarmos.',
    seen: 'Visto',
    rate: 'Sua nota, de 0 a 10',
  },
  es: {
    open: 'Chatea con nosotros',
    close: 'Cerrar',
    placeholder: 'Escribe un mensaje…',
    send: 'Enviar',
    start: 'Iniciar chat',
    name: 'Tu nombre',
    email: 'Correo',
    phone: 'Teléfono',
    failed: 'No enviado. Inténtalo de nuevo en un momento.',
    file: 'Archivo',
    typing: '{name} está escribiendo…',
    attendant: 'El agente',
    attach: 'Adjuntar imagen o archivo',
    tooLarge: 'El archivo está vacío o supera los 10 MB.',
    closed: 'Ahora estamos fuera de horario. Deje su mensaje y le responderemos a la vuelta.',
    seen: 'Visto',
    rate: 'Tu nota, de 0 a 10',
  },
  tr: {
    open: 'Bizimle yazışın',
    close: 'Kapat',
    placeholder: 'Bir mesaj yazın…',
    send: 'Gönder',
    start: 'Sohbeti başlat',
    name: 'Adınız',
    email: 'E-posta',
    phone: 'Telefon',
    failed: 'Gönderilemedi. Birazdan yeniden deneyin.',
    file: 'Dosya',
    typing: '{name} yazıyor…',
    attendant: 'Temsilci',
    attach: 'Resim veya dosya ekle',
    tooLarge: 'Dosya boş ya da 10 MB’tan büyük.',
    closed: 'Şu an çalışma saatleri dışındayız. Mesajınızı bırakın, döndüğümüzde yanıtlayacağız.',
    seen: 'Görüldü',
    rate: 'Puanınız, 0 ile 10 arası',
  },
};

export type WidgetTexts = (typeof texts)['en'];

// the first of the browser's languages the widget speaks, English otherwise
export const textsFor = (languages: readonly string[]): WidgetTexts => {
  for (const language of languages) {
    const base = language.slice(0, 2).toLowerCase();
    if (base in texts) return texts[base as keyof typeof texts];
  }
  return texts.en;
};
