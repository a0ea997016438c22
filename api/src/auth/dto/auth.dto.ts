import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { EmailField, NameField, PasswordField, PhoneField } from '../../common/fields';

export class RegisterDto {
  @ApiProperty({ example: 'Maria Souza' })
  @NameField(200, 'Informe seu nome.')
  name: string;

  @ApiProperty({ example: 'maria@escritorio.com.br' })
  @EmailField()
  email: string;

  @ApiProperty({ example: '(11) 98765-4321', description: 'Com DDD; guardado só com os dígitos.' })
  @PhoneField('Informe um WhatsApp válido com DDD.')
  whatsapp: string;

  @ApiProperty({ description: 'Mínimo conforme as configurações de segurança (padrão 6).' })
  @PasswordField()
  password: string;
}

export class LoginDto {
  @ApiProperty()
  @IsString({ message: 'Informe o e-mail.' })
  @IsNotEmpty({ message: 'Informe o e-mail.' })
  @MaxLength(254)
  email: string;

  @ApiProperty()
  @PasswordField()
  password: string;
}

export class ForgotPasswordDto {
  @ApiProperty()
  @EmailField()
  email: string;
}

export class ConfirmSignupDto {
  @ApiProperty({ description: 'O token do link de confirmação recebido por e-mail.' })
  @IsString({ message: 'Link de confirmação inválido ou expirado. Faça o cadastro novamente.' })
  @Matches(/^[A-Za-z0-9_-]{20,200}$/, { message: 'Link de confirmação inválido ou expirado. Faça o cadastro novamente.' })
  token: string;
}

const CHALLENGE_EXPIRED = 'A verificação expirou. Entre novamente com seu e-mail e senha.';

export class TwoFactorChallengeDto {
  @ApiProperty({ description: 'O desafio devolvido pelo login (vale 10 minutos).' })
  @IsString({ message: CHALLENGE_EXPIRED })
  @IsNotEmpty({ message: CHALLENGE_EXPIRED })
  @MaxLength(2000, { message: CHALLENGE_EXPIRED })
  challenge: string;
}

export class TwoFactorCodeDto extends TwoFactorChallengeDto {
  @ApiProperty({ description: 'Código de 6 dígitos do aplicativo autenticador, ou um código de recuperação.' })
  @IsString({ message: 'Informe o código.' })
  @IsNotEmpty({ message: 'Informe o código.' })
  @MaxLength(40, { message: 'Código inválido.' })
  code: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'O token do link recebido por e-mail.' })
  @IsString({ message: 'Link de redefinição inválido ou expirado. Peça um novo.' })
  @Matches(/^[A-Za-z0-9_-]{20,200}$/, { message: 'Link de redefinição inválido ou expirado. Peça um novo.' })
  token: string;

  @ApiProperty()
  @PasswordField()
  password: string;
}
